"""One Chromium for every browser test of the session."""
import pytest

from .serve import CHROMIUM_ARGS, chromium_path


@pytest.fixture(scope="session")
def browser():
    path = chromium_path()
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=path, headless=True, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()
