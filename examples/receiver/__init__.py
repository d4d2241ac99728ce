"""The reference webhook receiver: verify, deduplicate, then handle (see README.md here)."""
