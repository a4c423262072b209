"""The `life2` subcommands, one module each, named after the subcommand.

Each module has `configure(parser)`, which adds its options, and
`main(args, parser)`, which runs it and returns the exit status. Heavy imports
(PC-BASIC, pygame, pyserial) happen inside `main`, so building every parser
for `life2 --help` stays fast and needs no display.
"""
