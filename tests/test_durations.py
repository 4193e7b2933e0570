"""The suite's order: slowest files first from tests/durations.json (tests/durations.py)."""

from tests import durations
from tests.conftest import ROOT

LINES = """
============================= slowest durations ==============================
52.30s call     tests/test_portability.py::test_same_output_everywhere[fixed_budget.py]
1.50s setup    tests/test_history.py::test_statistics_add_up_to_the_list
0.75s call     tests/test_history.py::test_statistics_add_up_to_the_list
20.00s call     tests/test_history.py::test_a_game_finished_on_the_page_joins_the_history
0.01s teardown tests/test_golden.py::test_engine_plays_the_golden_playthrough[moon-hard]
(2096 durations < 0.005s hidden.  Use -vv to show these durations.)
""".splitlines()


def test_durations_are_summed_by_file_over_every_phase():
    assert durations.file_seconds(LINES) == {"tests/test_portability.py": 52.3, "tests/test_history.py": 22.25,
                                             "tests/test_golden.py": 0.01}


def test_slowest_files_come_first_and_unlisted_ones_keep_their_order_after():
    seconds = {"tests/b.py": 5.0, "tests/d.py": 50.0, "tests/a.py": 5.0}
    assert durations.order(["tests/a.py", "tests/b.py", "tests/c.py", "tests/d.py", "tests/e.py"], seconds) == [
        "tests/d.py", "tests/a.py", "tests/b.py", "tests/c.py", "tests/e.py"]


def test_the_checked_in_list_names_only_test_files_that_exist():
    listed = durations.load()
    assert len(listed) >= 40
    assert [name for name in listed if not (ROOT / name).is_file()] == []
    assert list(listed) == durations.order(sorted(listed), listed)


def test_the_suite_runs_in_that_order(request):
    files = []
    for item in request.session.items:
        name = item.nodeid.split("::")[0]
        if name not in files:
            files.append(name)
    # Each file's tests run together, the listed files slowest first.
    assert sum(1 for a, b in zip(request.session.items, request.session.items[1:])
               if a.nodeid.split("::")[0] != b.nodeid.split("::")[0]) == len(files) - 1
    listed = [name for name in files if name in durations.load()]
    assert listed == durations.order(listed, durations.load())
