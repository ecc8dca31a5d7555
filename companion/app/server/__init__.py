"""The served web build's edge: who may connect (edge), the ASGI guard that enforces it, quiet logs,
and the server loop (run)."""
