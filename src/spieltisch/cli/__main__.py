"""`python -m spieltisch.cli`: the `spieltisch` command without the installed script."""

from spieltisch.cli.app import main

main()
