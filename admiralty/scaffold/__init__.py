"""Writing new documents and corpora: the schema modeline every written document starts with
(:mod:`.modeline`), the schemas copied next to a corpus (:mod:`.export`), the starter corpus of
``admiralty init`` (:mod:`.init`, :mod:`.documents`) and the scenario skeletons of ``admiralty new``
(:mod:`.skeleton`)."""
