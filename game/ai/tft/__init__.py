"""The computer player of the Fantasy Trip family on hex height maps: the Tactician."""
