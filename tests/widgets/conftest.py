import pytest

from .cases import NAMES, Case


@pytest.fixture(params=NAMES)
def case(request):
    return Case(request.param)
