import pytest


@pytest.fixture(scope="session")
def extractor():
    from extract import Extractor

    return Extractor()
