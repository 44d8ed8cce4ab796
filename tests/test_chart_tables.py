"""Each TA chart's data table (autograder/service/web/chart_tables.py): the numbers the chart draws,
labels escaped, a bar in the warning colour flagged in words."""

from __future__ import annotations

from autograder.service.web import charts
from autograder.service.web.chart_tables import with_data_table
from autograder.service.web.item_charts import SignedRow, signed_bars


def test_rate_bars_table_has_each_bar_its_value_and_the_low_ones_flagged() -> None:
    rows = [charts.RateRow("fusion <b>", 0.9), charts.RateRow("histogram", 0.1)]
    page = str(with_data_table(charts.pass_rate_bars(rows, title="Pass rate")))
    table = page[page.index("<table>") :]
    assert "<caption>Pass rate</caption>" in table
    assert "<th scope=row>fusion &lt;b&gt;</th><td class=num>90%</td><td></td>" in table
    assert "<th scope=row>histogram</th><td class=num>10%</td><td>flagged</td>" in table
    assert "<b>" not in table


def test_histogram_and_signed_bars_tables_and_an_empty_chart() -> None:
    hist = str(with_data_table(charts.score_histogram([10, 70, 80], max_score=80, bins=2)))
    assert "<th scope=row>[0, 40)</th><td class=num>1</td>" in hist
    assert "<th scope=row>[40, 80]</th><td class=num>2</td>" in hist
    signed = str(with_data_table(signed_bars([SignedRow("q1", -0.5, True)], title="r")))
    assert "<th scope=row>q1</th><td class=num>-0.50</td><td>flagged</td>" in signed
    empty = str(with_data_table(charts.pass_rate_bars([], title="t")))
    assert "<td colspan=3>no data yet</td>" in empty
