"""axe-core in the page under test: WCAG 2.2 AA checks in the real browser.

axe-core is a pinned npm package (package.json / package-lock.json, installed by .ci/browser.sh);
the test evaluates its script in the page, so the site never serves it and its
Content-Security-Policy stays as strict as in production.
"""

from pathlib import Path

from playwright.sync_api import Page

AXE_JS = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


def violations(page: Page) -> list[str]:
    """The WCAG 2.2 A/AA rules the page breaks now, one line per rule with its first elements."""
    if not AXE_JS.exists():
        raise RuntimeError(f"{AXE_JS} is missing: run `bash .ci/browser.sh` (npm ci)")
    page.evaluate(AXE_JS.read_text())
    found = page.evaluate(
        """async (tags) => {
            const result = await axe.run(document, { runOnly: { type: "tag", values: tags } });
            return result.violations.map((v) =>
                `${v.id} (${v.nodes.length}): ` +
                v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | "));
        }""",
        WCAG_22_AA,
    )
    return list(found)
