"""Mutation fuzzing: the validator guards the engine.

A scenario the validator accepts must play; a document it rejects must be rejected with a diagnostic,
never a traceback, whatever an author (or a hostile pull request) writes. The fuzzer takes the corpus,
makes structured mutants of its documents (``mutations``), validates each mutant in memory next to the
unchanged documents it refers to, plays every accepted scenario for a few seeds (``oracle``), shrinks
every finding to a small case (``shrink``) and counts the outcomes (``runner``). ``cli.fuzz_command`` is
``admiralty fuzz``.
"""

from admiralty.fuzz.corpus import Corpus, CorpusFile, load_corpus
from admiralty.fuzz.mutations import MUTATIONS, Mutant, Step, make_mutant, plan_mutant
from admiralty.fuzz.oracle import Verdict, evaluate
from admiralty.fuzz.runner import FuzzReport, FuzzSettings, run_fuzz

__all__ = ["MUTATIONS", "Corpus", "CorpusFile", "FuzzReport", "FuzzSettings", "Mutant", "Step", "Verdict",
           "evaluate", "load_corpus", "make_mutant", "plan_mutant", "run_fuzz"]
