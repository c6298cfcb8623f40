"""The real-browser test of the Explorer (Voilà + headless Chromium driven by Playwright)."""
