"""Administração de usuários no navegador (issue 21): o superusuário (o primeiro administrador,
de `createsuperuser`) cria um usuário, dá o papel de RH, designa um certame; o usuário entra com
a senha provisória, troca-a antes de tudo e age só nesse certame. O axe confere cada tela, na
mesa e no celular. Capturas em artefatos/navegador/ (usuarios-*)."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from tests.web.conftest import SENHA
from tests.web.conftest import certame_mostardas as certame_mostardas  # (fixture)

from .conftest import capturar
from .test_acessibilidade import _relatorio
from .test_do_comeco_ao_fim import Jornada

pytestmark = [pytest.mark.navegador, pytest.mark.django_db(transaction=True)]

PROVISORIA = "provisoria-da-marta-2026"
NOVA = "senha-nova-da-marta-2026"


class JornadaDeUsuarios(Jornada):
    def entrar_com(self, login: str, senha: str) -> None:
        self.ir("/entrar/")
        self.page.get_by_label("Usuário").fill(login)
        self.page.get_by_label("Senha").fill(senha)
        self.page.get_by_role("button", name="Entrar").click()
        self.page.wait_for_selector("text=Sair")

    def passo(self, nome: str, celular: bool = False, conferir: Any = None) -> None:
        """Como o da jornada, com as capturas em usuarios-NN-*."""
        from .test_acessibilidade import _verificar

        self.n += 1
        rotulo = f"usuarios-{self.n:02d}-{nome}"
        violacoes = _verificar(self.page)
        if violacoes:
            self.falhas[f"{rotulo}-desktop"] = violacoes
        capturar(self.page, f"{rotulo}-desktop")
        if celular:
            self._no_celular(rotulo, conferir)


def test_administrador_cria_rh_designa_e_ele_entra(
    navegador: Any, live_server: Any, certame: Any, certame_mostardas: Any
) -> None:
    get_user_model().objects.create_superuser("raiz", "raiz@exemplo.gov.br", SENHA)
    j = JornadaDeUsuarios(navegador, live_server.url)
    pg = j.page
    try:
        j.entrar_com("raiz", SENHA)
        pg.get_by_role("link", name="Usuários e papéis").click()
        pg.wait_for_selector("h1:text('Usuários')")
        j.passo("lista", celular=True)

        pg.get_by_role("link", name="Novo usuário").click()
        pg.get_by_label("Nome completo").fill("Marta Souza")
        pg.get_by_label("Login").fill("marta")
        pg.get_by_label("E-mail").fill("marta@exemplo.gov.br")
        pg.get_by_label("Papel").select_option(label="Administrador do certame (RH)")
        pg.get_by_label("Senha provisória", exact=True).fill(PROVISORIA)
        pg.get_by_label("Senha provisória de novo").fill(PROVISORIA)
        j.passo("novo", celular=True)
        pg.get_by_role("button", name="Criar usuário").click()
        pg.wait_for_selector("text=Usuário marta criado")
        assert pg.locator("#papel-do-usuario").inner_text() == "Administrador do certame (RH)"

        pg.get_by_label("Certame").select_option(
            label=f"{certame.nome} (Montenegro/RS, nº {certame.pk})"
        )
        pg.get_by_role("button", name="Designar").click()
        pg.wait_for_selector("text=Designado; a designação está no histórico do certame.")
        assert certame.nome in pg.locator("#designacoes").inner_text()
        j.passo("designada", celular=True)
        j.sair()

        # Marta entra com a senha provisória: troca-a antes de qualquer outra página.
        j.entrar_com("marta", PROVISORIA)
        pg.wait_for_selector("h1:text('Trocar a senha')")
        assert "troque-a antes de continuar" in pg.locator("main").inner_text()
        pg.get_by_label("Senha antiga").fill(PROVISORIA)
        pg.get_by_label("Nova senha", exact=True).fill(NOVA)
        pg.get_by_label("Confirmação da nova senha").fill(NOVA)
        j.passo("trocar-senha", celular=True)
        pg.get_by_role("button", name="Trocar a senha").click()
        pg.wait_for_selector("h1:text('Senha trocada')")

        # Depois, vê e age só no certame designado.
        pg.get_by_role("link", name="Voltar ao início").click()
        inicio = pg.locator("main").inner_text()
        assert certame.nome in inicio and certame_mostardas.nome not in inicio
        pg.get_by_role("link", name=certame.nome).click()
        pg.wait_for_selector("text=Reserva de vagas por cargo")
        assert "Marta Souza · Administrador do certame (RH)" in pg.locator("header").inner_text()
        j.passo("rh-no-certame", celular=True)
        resposta = pg.goto(live_server.url + f"/certames/{certame_mostardas.pk}/")
        assert resposta is not None and resposta.status == 403
        j.sair()
        j.entrar_com("marta", NOVA)
        j.sair()

        # "Esqueci minha senha", da página de entrada.
        j.ir("/entrar/")
        pg.get_by_role("link", name="Esqueci minha senha").click()
        pg.get_by_label("E-mail").fill("marta@exemplo.gov.br")
        j.passo("esqueci-a-senha", celular=True)
        pg.get_by_role("button", name="Enviar o link").click()
        pg.wait_for_selector("h1:text('Verifique o seu e-mail')")

        # O histórico do certame nomeia quem designou (o nome, não só o login).
        j.entrar_com("raiz", SENHA)
        j.ir(f"/certames/{certame.pk}/historico/")
        historico = pg.locator("main").inner_text()
        assert "Marta Souza (marta)" in historico
        j.passo("historico")
    finally:
        j.contexto.close()
    assert not j.falhas, "Violações sérias ou críticas (axe-core):" + _relatorio(j.falhas)
