import gc
import weakref

from common.heap import freeze_startup_heap


class _Node:
    def __init__(self) -> None:
        self.partner: _Node | None = None


def _cycle() -> weakref.ref[_Node]:
    """A reference cycle nothing else holds (only the cyclic collector frees it)."""
    node = _Node()
    node.partner = node
    return weakref.ref(node)


def test_start_up_garbage_is_freed_and_the_rest_frozen() -> None:
    start_up_garbage = _cycle()
    frozen_before = gc.get_freeze_count()
    try:
        freeze_startup_heap()
        assert start_up_garbage() is None  # collected, not frozen for good
        assert gc.get_freeze_count() > frozen_before
        later_garbage = _cycle()  # what the process makes while serving is still collected
        gc.collect()
        assert later_garbage() is None
    finally:
        gc.unfreeze()  # the test process goes on collecting as before
