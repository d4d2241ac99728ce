"""What a domain's routes and wire structs declare about the API, below the front door.

Strict JSON bodies (``body.py``), the examples of wire structs (``examples.py``), the
problem+json body (``problem.py``) and the OpenAPI shape of an operation: its problem
responses, binary answers, file bodies and handler options (``operations.py``); the
query parameters every route reads alike (``parameters.py``). Domains
import these; the front door (``admin/http``) imports the domains, never the reverse.
"""
