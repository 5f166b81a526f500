"""The Tabletop Hero computer player (:mod:`.player`)."""
