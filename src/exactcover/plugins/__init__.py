"""Problem plugins: the registry that finds and checks them, and the format types bundled.

`manager` keeps the default `Registry` (pluggy under it): the installed plugins, found
through the entry-point group ``exactcover``, and those registered at run time. `dlx` (Knuth's
format) and `subsets` (named subsets) are plugins like any other, registered through the
same entry points: they import the public plugin API (``exactcover.problem``,
``exactcover.hookspecs``, ``exactcover.commandline``, ``exactcover.textinput``) and the
model's reader of their format. Nothing here searches: the front asks the registry for a
problem's type, and the registry never imports the front.
"""
