; a + b + 1 (wrong).
(let ((a (read)) (b (read)))
  (format t "~a~%" (+ a b 1)))
