"""A plan put to one more search: `Plan.given` changes the givens and exclusions, nothing else."""

from __future__ import annotations

import attrs

from exactcover.engines.contract import EngineCall
from exactcover.search.plans import Plan


def test_a_plan_given_other_givens_keeps_every_other_field():
    marks = {field.name: object() for field in attrs.fields(EngineCall)}
    call = EngineCall(**marks)
    fields = {field.name: object() for field in attrs.fields(Plan) if field.name != "call"}
    plan = Plan(call=call, **fields)
    given = plan.given((3, 1), (2,))
    assert given == attrs.evolve(plan, call=attrs.evolve(call, givens=(3, 1), excluded=(2,)))
    assert plan.call.givens is marks["givens"]  # (the kept plan itself unchanged)
