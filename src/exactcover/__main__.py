"""``python -m exactcover``: the same as the ``exactcover`` command."""

from exactcover.cli import main

if __name__ == "__main__":
    main()
