from django.apps import AppConfig


class Config(AppConfig):
    name = "cotas_web.contas"
    label = "contas"
    verbose_name = "Contas e papéis"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from .troca_de_senha import ao_entrar

        user_logged_in.connect(ao_entrar, dispatch_uid="contas.senha_provisoria")
