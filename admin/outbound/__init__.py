"""The one outbound policy for every address a user gives us.

A webhook endpoint is checked when it is registered (the API) and again, address by
address, when a delivery connects (the worker); store integrations call out the same
way. Everything that opens a connection to a user-supplied host goes through
``admin.outbound.policy``: parse the URL, resolve the name, refuse private, loopback,
link-local and other non-public addresses (unless ``HOP_WEBHOOK_NETWORKS`` says
otherwise in development), and connect only to the address that was checked.
"""
