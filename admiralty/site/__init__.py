"""The published reference site: page and SVG generators for the MkDocs hook, and ``build_site``.

``pages.generate_pages`` turns built scenarios and models into Markdown page sources; ``svg.map_svg`` draws a
map; ``build.build_site`` runs MkDocs. Author text reaches pages only through ``text``'s escaping functions.
"""
