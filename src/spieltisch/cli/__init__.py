"""The command line: `spieltisch games | simulate | replay | rules`."""
