"""The live table: tables in play, their positions, connections, moves, clocks and computer
seats, and the game parts (words, board) they show."""
