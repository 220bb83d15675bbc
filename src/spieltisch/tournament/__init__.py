"""Tournaments and ratings: seating, results, standings, exports, OpenSkill ratings.

Pure logic, no database: a tournament is the list of what its director did (its ledger),
and everything else (seating, standings, ratings) is computed from that list.
"""
