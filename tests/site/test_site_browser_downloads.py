"""The map downloads in a real headless Chromium: the PDF link under a scenario's map (and a map page's) is a
download of a real PDF file, one page, served by the static site alone."""

from __future__ import annotations

import base64
import re
from typing import Any

import pytest
from test_site_browser import By, assert_clean, browser, load, pytestmark, server  # noqa: F401  (fixtures, marks)

FETCH = """
var done = arguments[arguments.length - 1];
fetch(arguments[0]).then(function (r) { return r.arrayBuffer().then(function (b) {
  var bytes = new Uint8Array(b), text = "";
  for (var i = 0; i < bytes.length; i++) { text += String.fromCharCode(bytes[i]); }
  done([r.status, r.headers.get("content-type"), btoa(text)]);
}); }).catch(function (e) { done([0, String(e), ""]); });
"""


@pytest.mark.parametrize("page", ["scenarios/mini-raid/", "maps/mini/"])
def test_pdf_link_downloads_a_real_pdf(server: str, browser: Any, page: str) -> None:  # noqa: F811
    load(browser, server + page)
    links = browser.find_elements(By.CSS_SELECTOR, ".map-downloads a.map-file")
    assert [a.text for a in links] == ["SVG", "PDF"]
    pdf_link = links[1]
    assert pdf_link.get_attribute("download") is not None and pdf_link.get_attribute("href").endswith(".pdf")
    status, kind, body = browser.execute_async_script(FETCH, pdf_link.get_attribute("href"))
    data = base64.b64decode(body)
    assert status == 200 and kind == "application/pdf"
    assert data.startswith(b"%PDF-") and len(re.findall(rb"/Type\s*/Page[^s]", data)) == 1
    status, kind, body = browser.execute_async_script(FETCH, links[0].get_attribute("href"))
    assert status == 200 and base64.b64decode(body).lstrip().startswith(b"<?xml")
    assert_clean(browser, page)


def test_the_map_toolbar_pdf_button_downloads_the_built_file(server: str, browser: Any) -> None:  # noqa: F811
    """The viewer's own PDF button is the file the build wrote (issue 17: it used to open the print dialog);
    printing the map alone stays, under its own name."""
    load(browser, server + "scenarios/mini-raid/")
    toolbar = browser.find_element(By.CSS_SELECTOR, ".map-toolbar")
    (pdf,) = [a for a in toolbar.find_elements(By.CSS_SELECTOR, "a.map-download") if a.text == "PDF"]
    below = browser.find_element(By.CSS_SELECTOR, '.map-downloads a.map-file[href$=".pdf"]')
    assert pdf.get_attribute("href") == below.get_attribute("href")
    assert pdf.get_attribute("download") is not None
    status, kind, body = browser.execute_async_script(FETCH, pdf.get_attribute("href"))
    assert status == 200 and kind == "application/pdf" and base64.b64decode(body).startswith(b"%PDF-")
    assert [b.text for b in toolbar.find_elements(By.TAG_NAME, "button")][-1] == "Print"
