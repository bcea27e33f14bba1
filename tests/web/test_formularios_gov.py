"""Formulários como o gov.br os faz (issue 21, itens 4 e 8): o erro junto do campo, ligado a
ele para o leitor de tela; obrigatórios marcados; o formulário longo em grupos com legenda;
nenhum "---------" numa escolha; botões distintos para atos distintos; a oferta das vagas do
edital perguntada antes; o prazo do recurso, a idade, o final de fila e as questões em aberto
corrigidos antes da homologação, cada mudança no registro; os critérios de desempate conferidos
pela regra com que a importação os lê."""

from __future__ import annotations

import re
from datetime import date
from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from cotas_web.auditoria.models import Registro
from cotas_web.certames.forms import ler_desempate
from cotas_web.certames.services import certame_corrigir, certame_criar
from cotas_web.comissao.selectors import prazo_do_recurso

from .conftest import entrar, verificar_todos
from .test_corrigir_configuracao import _pagina

pytestmark = pytest.mark.django_db


def _novo(**mais: str) -> dict[str, str]:
    dados = {
        "nome": "Concurso 02/2025",
        "municipio": "Montenegro/RS",
        "data_edital": "2025-06-10",
        "tipo": "concurso_publico",
        "pcd_arredondamento": "cima",
        "pcd_teto": "20",
        "pedido": "pedido-de-teste",
    }
    dados.update(mais)
    return dados


# ------------------------------------------------------------- o erro junto do campo


def test_erro_junto_do_campo_ligado_por_aria_e_o_digitado_fica(client: Any, rita: Any) -> None:
    resposta = entrar(client, rita).post(
        reverse("certames:novo"), _novo(desempate="especifica maior", pcd_percentual="5")
    )
    html = resposta.content.decode()
    assert resposta.status_code == 200
    # A mensagem está no elemento que o campo cita em aria-describedby, e o campo se diz inválido.
    campo = re.search(r"<input[^>]*name=\"desempate\"[^>]*>", html)
    assert campo is not None
    assert 'aria-invalid="true"' in campo.group(0)
    assert "id_desempate_error" in campo.group(0)
    erro = re.search(
        r'<span class="erro feedback" id="id_desempate_error">(.*?)</span>', html, re.S
    )
    assert erro is not None and "Quis dizer “especifica:maior”?" in erro.group(1)
    # O resumo no alto diz quantos campos e onde está a mensagem; o digitado fica.
    assert "Um campo precisa de correção: a mensagem está junto de cada um." in html
    assert 'value="especifica maior"' in html and 'value="5"' in html


def test_erro_do_service_sobre_um_campo_vai_ao_campo(client: Any, rita: Any) -> None:
    """Mostardas não tem comissão: o prazo do recurso é recusado junto do campo do prazo."""
    resposta = entrar(client, rita).post(
        reverse("certames:novo"),
        _novo(municipio="Mostardas/RS", orgao="administracao_direta", prazo_recurso_dias="5"),
    )
    html = resposta.content.decode()
    erro = re.search(
        r'<span class="erro feedback" id="id_prazo_recurso_dias_error">(.*?)</span>', html, re.S
    )
    assert erro is not None and "não prevê comissão de heteroidentificação" in erro.group(1)
    assert not Registro.objects.filter(acao="certame_criado", descricao__contains="02/2025")


# --------------------------------------------------- obrigatórios, grupos, escolhas vazias


def test_novo_certame_em_grupos_com_obrigatorios_marcados(client: Any, rita: Any) -> None:
    html = entrar(client, rita).get(reverse("certames:novo")).content.decode()
    legendas = re.findall(r'<fieldset class="grupo"><legend>(.*?)</legend>', html)
    assert legendas == [
        "O edital como dado (opcional)",
        "Identificação do certame",
        "Reserva a pessoas com deficiência (PcD) pelo edital",
        "Desempate e final de fila",
        "Comissão de heteroidentificação",
        "Questões que as leis deixam em aberto",
    ]
    assert "Campo obrigatório." in html
    # (o asterisco vem do CSS, fora do nome acessível do campo; o campo leva `required`)
    assert '<label for="id_nome" class="requerido">Nome do certame</label>' in html
    assert '<label for="id_validade_ate">Validade até</label>' in html
    # As opções longas das questões em aberto são botões de rádio (nunca cortadas num select).
    assert html.count('type="radio" name="dupla_condicao"') == 2


def test_nenhuma_escolha_com_tracos(client: Any, certame_homologado: Any, rita: Any) -> None:
    pk = certame_homologado.pk
    entrar(client, rita)
    for url in (
        reverse("certames:novo"),
        reverse("nomeacoes:painel", args=[pk]),
        reverse("comissao:membro_novo", args=[pk]),
    ):
        html = client.get(url).content.decode()
        assert "---------" not in html, url
    assert (
        ">Escolha o cargo</option>"
        in client.get(reverse("nomeacoes:painel", args=[pk])).content.decode()
    )


# ------------------------------------------------------------ botões e confirmações


def test_arquivar_nao_se_parece_com_publicar(client: Any, rita: Any) -> None:
    c = certame_criar(
        usuario=rita,
        nome="Rascunho",
        municipio="Montenegro/RS",
        data_edital=date(2025, 6, 10),
        tipo="concurso_publico",
    )
    html = entrar(client, rita).get(reverse("certames:detalhe", args=[c.pk])).content.decode()
    publicar = re.search(r'<a class="([^"]*)" href="[^"]*/publicar/">Publicar</a>', html)
    arquivar = re.search(r'<a class="([^"]*)" href="[^"]*/arquivar/">Arquivar</a>', html)
    assert publicar is not None and arquivar is not None
    assert publicar.group(1) == "botao" and arquivar.group(1) == "botao irreversivel"
    # O formulário e a confirmação do arquivamento também com o botão dos atos que encerram.
    url = reverse("certames:arquivar", args=[c.pk])
    assert 'class="irreversivel">Arquivar</button>' in client.get(url).content.decode()
    confirmacao = client.post(url, {"data": "2025-07-01", "motivo": "teste"}).content.decode()
    assert "Confirmar: arquivar o certame" in confirmacao
    assert 'class="irreversivel">Arquivar</button>' in confirmacao


def test_ofertar_as_vagas_do_edital_pergunta_antes(
    client: Any, sessao: Any, carlos: Any, rita: Any
) -> None:
    from cotas_web.certames.services import certame_homologar
    from cotas_web.nomeacoes.models import OfertaVagas as Oferta

    verificar_todos(sessao, carlos)
    c = certame_homologar(usuario=rita, certame=sessao.certame, data=date(2025, 8, 1))
    url = reverse("nomeacoes:ofertar_edital", args=[c.pk])
    html = entrar(client, rita).post(url, {"data": "2025-08-02"}).content.decode()
    assert "Confirmar: ofertar as vagas do edital" in html
    assert "PROF — Professor: 5 vaga(s)" in html
    assert not Oferta.objects.filter(cargo__certame=c).exists()
    client.post(url, {"data": "2025-08-02", "confirmar": "1"})
    assert Oferta.objects.filter(cargo__certame=c, do_edital=True).count() == 1


# ----------------------------------------------------- o desempate pela regra da importação


def test_desempate_com_o_nome_de_uma_coluna_padrao_e_recusado() -> None:
    from cotas.arquivos.esquema import montar_esquema

    esquema = montar_esquema(())
    with pytest.raises(ValidationError) as erro:
        ler_desempate(
            "nota:maior, N° de Inscrição:menor, Específica:maior, especifica:menor", esquema
        )
    mensagens = erro.value.messages
    assert (
        "“nota” é o título de uma coluna padrão do arquivo de candidatos (nota), que não "
        in (mensagens[0])
    )
    assert mensagens[1].startswith("“N° de Inscrição” é o título de uma coluna padrão")
    assert mensagens[2] == "“especifica” aparece duas vezes (a importação lê os dois como um só)."
    assert len(mensagens) == 4  # (e o formato)
    assert ler_desempate("Específica:maior, portugues:menor", esquema) == [
        ("Específica", "maior"),
        ("portugues", "menor"),
    ]


def test_corrigir_desempate_para_uma_coluna_padrao_e_recusado_no_campo(
    client: Any, certame: Any, rita: Any
) -> None:
    url = reverse("certames:corrigir", args=[certame.pk])
    html = entrar(client, rita).post(url, _pagina(certame, desempate="cpf:menor")).content.decode()
    erro = re.search(r'id="id_desempate_error">(.*?)</span>', html, re.S)
    assert erro is not None and "coluna padrão do arquivo de candidatos (cpf)" in erro.group(1)
    certame.refresh_from_db()
    assert certame.desempate == []


# ------------------------------------------- os demais dados, corrigidos antes da homologação


def test_prazo_do_recurso_corrigido_antes_da_homologacao(
    client: Any, certame: Any, rita: Any
) -> None:
    url = reverse("certames:corrigir", args=[certame.pk])
    entrar(client, rita)
    assert 'name="prazo_recurso_dias"' in client.get(url).content.decode()
    resposta = client.post(url, _pagina(certame, prazo_recurso_dias="5"))
    assert resposta.status_code == 302
    certame.refresh_from_db()
    assert certame.prazo_recurso_dias == 5
    assert prazo_do_recurso(certame=certame) == (5, "prazo fixado pelo edital")
    registro = Registro.objects.filter(certame=certame, acao="certame_corrigido").get()
    assert registro.dados["alteracoes"] == [
        {
            "o_que": "Prazo do recurso contra o parecer da comissão (dias, pelo edital)",
            "antes": "",
            "depois": "5",
        }
    ]


def test_idade_final_de_fila_e_questoes_corrigidos_com_registro(certame: Any, rita: Any) -> None:
    from cotas_web.certames.models import PrioridadeColisao

    mudancas = certame_corrigir(
        usuario=rita,
        certame=certame,
        dados={
            "data_referencia_idade": date(2025, 7, 1),
            "admite_final_de_fila": True,
            "final_de_fila_item": " item 14.3 ",
            "prioridade_colisao": PrioridadeColisao.PCD_LEI,
        },
        cargos={},
        motivo="Edital lido de novo.",
    )
    assert [str(m) for m in mudancas] == [
        "Data de referência da idade (desempate): (vazio) → 01/07/2025",
        "O edital admite final de fila: não → sim",
        "Item do edital que admite o final de fila: (vazio) → item 14.3",
        "Quando um grupo da lei e PcD querem a mesma vaga: Os grupos da lei primeiro, depois PcD "
        "(padrão) → PcD primeiro, depois os grupos da lei",
    ]
    certame.refresh_from_db()
    assert certame.final_de_fila_item == "item 14.3"
    assert certame.prioridade_colisao == PrioridadeColisao.PCD_LEI
    registro = Registro.objects.filter(certame=certame, acao="certame_corrigido").get()
    assert "Motivo: Edital lido de novo." in registro.descricao


def test_prazo_do_recurso_sem_comissao_recusado(rita: Any) -> None:
    with pytest.raises(ValidationError, match="não prevê comissão"):
        certame_criar(
            usuario=rita,
            nome="Sem comissão",
            municipio="Mostardas/RS",
            orgao="administracao_direta",
            data_edital=date(2025, 3, 1),
            tipo="concurso_publico",
            prazo_recurso_dias=5,
        )


def test_depois_da_homologacao_corrigir_o_prazo_pede_retificacao(
    certame_homologado: Any, rita: Any
) -> None:
    with pytest.raises(ValidationError, match=r"só por um ato de retificação publicado"):
        certame_corrigir(
            usuario=rita,
            certame=certame_homologado,
            dados={"prazo_recurso_dias": 5},
            cargos={},
            motivo="m",
        )
    certame_homologado.refresh_from_db()
    assert certame_homologado.prazo_recurso_dias is None


# ----------------------------------------------------------------- as palavras da tela


def test_optante_sem_verificacao_aparece_pendente(
    client: Any, certame_com_candidatos: Any, rita: Any
) -> None:
    url = reverse("candidatos:lista", args=[certame_com_candidatos.pk])
    html = entrar(client, rita).get(url).content.decode()
    linhas = {
        m.group(1): m.group(0)
        for m in re.finditer(r'<tr>\s*<td><a href="[^"]*">(\d+)</a>.*?</tr>', html, re.S)
    }
    # Beatriz (1002) optou e aguarda a comissão; Alice (1001) não optou: nada a verificar.
    ultima = {k: re.findall(r"<td>([^<]*)</td>", v)[-1] for k, v in linhas.items()}
    assert ultima["1002"] == "Pendente"
    assert ultima["1001"] == "—"


def test_passo_atual_da_importacao(client: Any, certame: Any, rita: Any) -> None:
    url = reverse("candidatos:importar", args=[certame.pk])
    html = entrar(client, rita).get(url).content.decode()
    assert '<li aria-current="step">Modelo e envio</li>' in html
    assert html.count('aria-current="step"') == 1


def test_colunas_dos_grupos_pelo_rotulo_da_lei() -> None:
    """O nome que a lei federal dá à coluna ("confirmacao_pretos_pardos") nunca vira rótulo
    ("Confirmacao pretos pardos"): a tela usa o do grupo, com os acentos da lei."""
    from cotas_web.candidatos.assistente import Coluna
    from cotas_web.ponte import catalogo
    from cotas_web.rotulos import rotulo_da_coluna

    esquema = catalogo.esquema_da_lei(catalogo.catalogo().lei("federal/lei-15142-2025"))
    chave = esquema.coluna_do_titulo("confirmacao_pretos_pardos")
    coluna = Coluna("confirmacao_pretos_pardos", "", True, "", chave)  # type: ignore[arg-type]
    assert coluna.rotulo == (
        "Resultado da verificação (pessoas pretas e pardas): parecer da comissão ou análise "
        "documental"
    )
    assert rotulo_da_coluna(esquema.coluna_do_titulo("reserva_indigenas")) == (  # type: ignore[arg-type]
        "Optou pela reserva para pessoas indígenas"
    )


def test_retificacao_recusada_no_campo_antes_da_confirmacao(
    client: Any, certame_homologado: Any, rita: Any
) -> None:
    """A retificação com data anterior à homologação e vagas do edital já oferecidas mudadas não
    chega à página de confirmação: cada erro junto do seu campo, com o digitado."""
    c = certame_homologado
    cargo = c.cargos.get()
    url = reverse("certames:retificar", args=[c.pk])
    html = (
        entrar(client, rita)
        .post(
            url,
            {
                "nome": "Concurso 01/2025 (retificado)",
                "validade_ate": "2027-06-10",
                "data": "2025-07-01",
                "fundamento": "Edital de retificação nº 2",
                f"cargo_{cargo.pk}_nome": cargo.nome,
                f"cargo_{cargo.pk}_vagas": "6",
            },
        )
        .content.decode()
    )
    assert "Confirmar:" not in html
    assert re.search(r'id="id_data_error">[^<]*anterior à homologação', html)
    assert re.search(rf'id="id_cargo_{cargo.pk}_vagas_error">[^<]*já foram oferecidas', html)
    assert 'value="Concurso 01/2025 (retificado)"' in html
    assert "Edital de retificação nº 2" in html
    c.refresh_from_db()
    assert c.nome == "Concurso 01/2025" and not c.retificacoes.exists()
