"""What a batch produced, for people and machines: the aggregate (score@k with bootstrap
intervals, per group of runs) and a self-contained HTML page with its charts."""
