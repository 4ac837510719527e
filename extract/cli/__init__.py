"""The command line: thin commands that parse arguments and call the layers below."""
