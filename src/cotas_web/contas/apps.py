from django.apps import AppConfig


class Config(AppConfig):
    name = "cotas_web.contas"
    label = "contas"
    verbose_name = "Contas e papéis"
    default_auto_field = "django.db.models.BigAutoField"
