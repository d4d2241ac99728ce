"""What creating and changing links both work with."""

from __future__ import annotations

from admin.db import Database
from admin.links.admission import Admission
from admin.links.cache import LinkCache
from admin.links.protection import LinkProtection
from admin.links.representation import Resources


class LinkWriter:
    def __init__(
        self,
        db: Database,
        cache: LinkCache,
        resources: Resources,
        reservation_days: int,
        *,
        admission: Admission,
        protection: LinkProtection,
    ) -> None:
        self.db = db
        self.cache = cache
        self.resources = resources
        # How long a freed code (deleted, or left by an alias change) stays reserved for
        # its owner (HOP_CODE_RESERVATION_DAYS).
        self.reservation_days = reservation_days
        # The way in every redirect takes, QR codes' and Bio pages' too: the loop check,
        # the new-account quota and the verdict of every destination (admission.py).
        self.admission = admission
        self.protection = protection
