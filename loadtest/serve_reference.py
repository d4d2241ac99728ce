"""Serve the constant-302 reference app exactly as `hop edge` serves the edge.

``python -m loadtest.serve_reference`` reads the same HOP_EDGE_* settings.
"""

from __future__ import annotations

import os
import sys

from common.settings import load_settings
from hop.servers import serve_edge

if __name__ == "__main__":
    sys.exit(serve_edge(load_settings(os.environ), "loadtest.const302:app", factory=False))
