"""A table as those outside its room see it: the lobby's description of it (`tables`) and
what a private table keeps to its seats (`privacy`). Below both the services and the live
table, so both describe a table the same way without either calling the other."""
