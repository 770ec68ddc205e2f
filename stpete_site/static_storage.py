"""The static files storage of a deployment (DEBUG off): hashed, compressed file names.

The table's script is ES modules (static/js/table.js imports static/js/table/*.js). Django
rewrites those relative imports to the hashed names too, so after a deploy a browser never
mixes a new module with an old one still in its cache, and collectstatic fails on an import
of a file that does not exist.
"""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
