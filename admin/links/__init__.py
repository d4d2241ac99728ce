"""The links domain's face: the link resource and its service, the link helpers the
QR and Bio domains build on (managed links, admission, the edge cache) and the row
functions they run in their own transactions.

Other domains import these from ``admin.links``, never its modules (the import contracts
in pyproject.toml hold that).
"""

from admin.links.admission import Admission
from admin.links.bulk import spreadsheet_safe
from admin.links.cache import LinkCache
from admin.links.events import LinkUpdated
from admin.links.imported import ImportLink, ImportOutcome, LinkImporter
from admin.links.managed import ManagedLinks
from admin.links.own import own_link
from admin.links.repository import (
    delete_managed_link,
    exhaust_links,
    get_link,
    imported_source_keys,
    record_variants,
)
from admin.links.schemas import LINK_EXAMPLE, Link, LinkCreate, Url
from admin.links.service import LinkService

__all__ = [
    "LINK_EXAMPLE",
    "Admission",
    "ImportLink",
    "ImportOutcome",
    "Link",
    "LinkCache",
    "LinkCreate",
    "LinkImporter",
    "LinkService",
    "LinkUpdated",
    "ManagedLinks",
    "Url",
    "delete_managed_link",
    "exhaust_links",
    "get_link",
    "imported_source_keys",
    "own_link",
    "record_variants",
    "spreadsheet_safe",
]
