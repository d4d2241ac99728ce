"""Export slots: one per account, a few per process, refused at once when busy."""

from __future__ import annotations

import pytest

from admin.errors import ExportInProgress, ServiceUnavailable
from admin.export.slots import ExportSlots


def test_one_export_per_account_and_a_few_in_all() -> None:
    slots = ExportSlots(2)
    with slots.take("usr_a"):
        with pytest.raises(ExportInProgress) as busy_account:
            slots.take("usr_a").__enter__()
        assert busy_account.value.status == 429
        assert busy_account.value.headers["Retry-After"]
        with slots.take("usr_b"):
            with pytest.raises(ServiceUnavailable) as all_busy:
                slots.take("usr_c").__enter__()
            assert all_busy.value.headers["Retry-After"]
        with slots.take("usr_c"):  # b's slot came back
            pass
    with slots.take("usr_a"):  # and a's
        pass


def test_a_failed_export_gives_its_slot_back() -> None:
    slots = ExportSlots(1)
    with pytest.raises(RuntimeError), slots.take("usr_a"):
        raise RuntimeError("database lost")
    with slots.take("usr_b"):
        pass
