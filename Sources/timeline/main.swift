print("timeline")
