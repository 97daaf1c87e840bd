OFFSET = 1000  # replaced by include/python3/shift.py
