"""The street chase's computer player (:mod:`.player`)."""
