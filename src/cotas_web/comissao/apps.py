from django.apps import AppConfig


class Config(AppConfig):
    name = "cotas_web.comissao"
    label = "comissao"
    default_auto_field = "django.db.models.BigAutoField"
