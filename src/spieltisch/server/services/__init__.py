"""The services the routes call, one job per module: the lobby and a table's seats
(`lobby`, `new_tables`, `seating`), records, accounts, hints and takebacks (`play_aids`),
ratings, tournaments and their rounds played online, reviews of finished games. Plain
async code over the store, no HTTP; each opens its transactions through
`unit_of_work`."""
