"""The squad computer player of the sewer flood (:mod:`.player`, registered for the
"flood" ruleset) and the goals it sets its units (:mod:`.goals`)."""
