from django.apps import AppConfig


class TarefasConfig(AppConfig):
    name = "cotas_web.tarefas"
    verbose_name = "Tarefas em segundo plano"
