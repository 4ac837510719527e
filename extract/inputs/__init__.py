"""Reading abstracts from files and streams into `Abstract`s, with bad rows reported as `FILE:LINE`."""
