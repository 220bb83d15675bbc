"""`spieltisch review` and the play app's review screen, with their own catalogs."""

from spieltisch.cli.review.command import review

__all__ = ["review"]
