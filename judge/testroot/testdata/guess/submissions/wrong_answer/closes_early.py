# Ends without a word: the interactor finds the end of its input where a guess should be.
