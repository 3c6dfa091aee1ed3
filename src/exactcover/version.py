"""The version of exactcover: the one place it is written (the package, the command, the
plugin registry and the build all read it here); and what every install hint says of the
distribution, so that the library, the command and the docs name it alike."""

__version__ = "0.1.0"

#: The distribution's name (pyproject.toml): the import package is ``exactcover``, but
#: "exactcover" on PyPI is an unrelated project. pyexactcover is not on PyPI: it installs
#: from its checkout or from a wheel built there.
DISTRIBUTION = "pyexactcover"


def extra_hint(extra: str, adds: str) -> str:
    """How to add the optional dependencies ``extra`` (which bring ``adds``) to an installed
    exactcover: pip finds the installed distribution and fetches only the extra's packages."""
    return f"pip install '{DISTRIBUTION}[{extra}]' (adds {adds} to this installation of {DISTRIBUTION})"


def worker_hint() -> str:
    """What a Dask worker needs: this version, from where this one came."""
    return (f"{DISTRIBUTION} {__version__}, installed from the same checkout or wheel as this one "
            f"({DISTRIBUTION} is not on PyPI)")
