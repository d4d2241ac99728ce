"""The links domain's service: the link lifecycle, each job in its module.

- creation.py: create one or many (checks.py, the way in of admission.py, the write);
- changes.py: PATCH, DELETE and the bulk changes by filter;
- upsert.py: PUT /v1/links/upsert, a create or an update of the same link;
- listing.py: one, some, a page with filters and search, tags, the export's pages;
- imported.py: links an import job brings from another shortener;
- representation.py: the ``Link`` resource; events.py: the ``link.*`` events.

Every change writes PostgreSQL and the outbox in one transaction, then writes through
to Redis for the edge (cache.py).
"""

from __future__ import annotations

from admin.auth import Passwords
from admin.db import Database
from admin.links.admission import Admission
from admin.links.cache import LinkCache
from admin.links.changes import LinkChanger
from admin.links.creation import LinkCreator
from admin.links.imported import LinkImporter
from admin.links.listing import LinkReader
from admin.links.protection import LinkProtection
from admin.links.representation import Resources
from admin.links.upsert import LinkUpserter
from common.linkpass import LinkPasswords


class LinkService:
    def __init__(
        self,
        db: Database,
        cache: LinkCache,
        short_base_url: str,
        reservation_days: int,
        *,
        admission: Admission,
        passwords: Passwords | None = None,
        link_passwords: LinkPasswords | None = None,
    ) -> None:
        resources = Resources(db, short_base_url)
        # argon2id hashes (the record) and the edge's verifiers (HOP_LINK_PASSWORD_KEY);
        # without the key, links cannot be given a password.
        protection = LinkProtection(passwords, link_passwords)
        reader = LinkReader(db, resources)
        creator = LinkCreator(
            db, cache, resources, reservation_days, admission=admission, protection=protection
        )
        changer = LinkChanger(
            db, cache, resources, reservation_days, admission=admission, protection=protection
        )
        # Links brought by an import job (admin/imports/): the same way in, the job's writes.
        self.importer = LinkImporter(
            db, cache, resources, reservation_days, admission=admission, protection=protection
        )
        # How long a deleted link's code stays reserved (the dashboard says so first).
        self.reservation_days = reservation_days
        self.create = creator.create
        self.create_many = creator.create_many
        self.get = reader.get
        self.get_many = reader.get_many
        self.list = reader.list
        self.tags = reader.tags
        self.pages = reader.pages
        self.update = changer.update
        self.delete = changer.delete
        self.bulk_update = changer.bulk_update
        self.upsert = LinkUpserter(db, creator, changer).upsert
