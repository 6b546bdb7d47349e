"""Rules in plain words: rulebooks, house sheets, score sheets, reports, generated docs.

``render`` reads the validated variant (and, for its checked examples, the
engine) and writes text; every sentence comes from the variant's data.
"""
