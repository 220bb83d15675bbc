"""The services the routers call: the table lobby, tournament rounds played online, and
reviews of finished games. Plain async code over the store, no HTTP."""
