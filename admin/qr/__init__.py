"""The QR domain's face: the QR code resource and the scan counters the click batch
stores.

Other domains import these from ``admin.qr``, never its modules (the import contracts
in pyproject.toml hold that).
"""

from admin.qr.repository import record_scans
from admin.qr.schemas import QrCode

__all__ = [
    "QrCode",
    "record_scans",
]
