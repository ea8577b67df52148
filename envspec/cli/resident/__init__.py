"""The resident CLI (``envspec daemon``): an opt-in process that keeps the CLI imported and
serves each command by forking, so that a harness driving envspec a command at a time pays
Python's and envspec's start-up once, not at every command.

``client`` is the ``envspec`` console script: standard library only, it hands the command to
the daemon when one is up for this environment, else runs the CLI in its own process as
before. ``wire`` is what both sides share (where the socket is, which daemon serves whom, the
messages); ``preload`` what the daemon imports and which variables that reads; ``server`` is
the daemon's loop, ``child`` what its forked child does to become the client's process,
``control`` starts, stops and asks the daemon (``envspec daemon``). docs/cli.md ("The
daemon") has the contract.

A command, as messages on the client's connection: the client sends its request (argv,
working directory, umask, environment, the key); the daemon refuses it, or forks a child
that becomes the client's process and sends its pid; the client says go, passing its
standard streams along; the child runs the command and sends its exit status (the daemon
sends it instead where the child was killed)."""
