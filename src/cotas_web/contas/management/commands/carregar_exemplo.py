"""Carrega o exemplo (`exemplos/`); com `--demo`, cria um usuário de demonstração por papel.

As senhas de demonstração estão publicadas no README: os logins só nascem a pedido (`--demo`),
nunca nas configurações de produção, e a senha de um usuário que já existe nunca é trocada.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from cotas_web.certames.models import BaseDoLimiar, PrioridadeColisao
from cotas_web.contas.models import Papel, Perfil
from cotas_web.ponte.catalogo import ESFERAS
from cotas_web.ponte.vocabulario import PCD

# A pasta das leis federais (o id de uma lei começa pela pasta do ente: `federal/...`).
ESFERA_FEDERAL = ESFERAS[1]

USUARIOS_DEMO = (
    ("rh", "Rita Helena", Papel.ADMINISTRADOR, "rh-demonstracao"),
    ("comissao", "Carlos Oliveira", Papel.COMISSAO, "comissao-demonstracao"),
    ("auditor", "Ana Duarte", Papel.AUDITOR, "auditor-demonstracao"),
)

MEMBROS_DEMO = (
    ("Carlos Oliveira", "masculino", "preta"),
    ("Marta Souza", "feminino", "parda"),
    ("Paulo Lima", "masculino", "branca"),
)


def criar_usuarios_demo() -> list[tuple[str, str, str]]:
    """Cria os logins de demonstração que faltam; os que já existem ficam como estão (senha,
    nome, papel): quem trocou a senha publicada não a vê voltar."""
    User = get_user_model()
    saida = []
    for login, nome, papel, senha in USUARIOS_DEMO:
        if User.objects.filter(username=login).exists():
            continue
        primeiro, _, resto = nome.partition(" ")
        usuario = User.objects.create_user(
            login, password=senha, first_name=primeiro, last_name=resto
        )
        Perfil.objects.create(usuario=usuario, papel=papel)
        saida.append((login, senha, Papel(papel).label))
    return saida


def usuarios_demo_com_a_senha_publicada() -> list[tuple[str, str, str]]:
    """Os logins de demonstração que ainda entram com a senha do README (para mostrá-los)."""
    User = get_user_model()
    saida = []
    for login, _nome, papel, senha in USUARIOS_DEMO:
        usuario = User.objects.filter(username=login, is_active=True).first()
        if usuario is not None and usuario.check_password(senha):
            saida.append((login, senha, Papel(papel).label))
    return saida


def em_producao() -> bool:
    """As configurações de produção (ou outras com cookies só por HTTPS, como as de produção)."""
    modulo = str(
        getattr(settings, "SETTINGS_MODULE", None) or os.environ.get("DJANGO_SETTINGS_MODULE", "")
    )
    return modulo.endswith(".producao") or bool(getattr(settings, "SESSION_COOKIE_SECURE", False))


class Command(BaseCommand):
    help = "Cria usuários de demonstração e carrega exemplos/montenegro/cenario.toml."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--cenario",
            default=str(Path(settings.RAIZ) / "exemplos" / "montenegro" / "cenario.toml"),
        )
        parser.add_argument("--sem-homologar", action="store_true")
        parser.add_argument(
            "--se-vazio",
            action="store_true",
            help="Só carrega se não houver certame (com --demo, mostra os logins de demonstração "
            "que ainda têm a senha publicada).",
        )
        parser.add_argument(
            "--como",
            default="",
            help="Login (já existente, do RH) que faz os atos do exemplo, em vez dos logins de "
            "demonstração.",
        )
        parser.add_argument(
            "--demo",
            action="store_true",
            help="Cria os logins de demonstração (rh, comissao, auditor) com as senhas do README, "
            "se ainda não existirem. Recusado nas configurações de produção.",
        )

    def handle(self, *args: Any, **opcoes: Any) -> None:
        from cotas.arquivos.cenario import ler_cenario
        from cotas.arquivos.erros import ErrosDeEntrada
        from cotas_web.certames.models import Certame

        demo = bool(opcoes["demo"])
        if demo and em_producao():
            raise CommandError(
                "--demo recusado: estas são as configurações de produção, e as senhas de "
                "demonstração estão publicadas no README. Crie o primeiro administrador com "
                "`manage.py createsuperuser`; ele cria os demais usuários, dá os papéis e "
                "designa na tela Usuários."
            )
        if opcoes["se_vazio"] and Certame.objects.exists():
            self.stdout.write("Banco já carregado; exemplo e usuários não recriados.")
            if demo:
                primeiro = Certame.objects.order_by("pk").first()
                identificar_orgao_demo(primeiro.municipio if primeiro else "")
                self._usuarios(usuarios_demo_com_a_senha_publicada())
            return
        caminho = Path(opcoes["cenario"])
        try:
            cenario = ler_cenario(caminho)
        except ErrosDeEntrada as erros:
            raise CommandError(str(erros)) from None

        if demo:
            identificar_orgao_demo(cenario.municipio or "")
        try:
            with transaction.atomic():
                if demo:
                    criar_usuarios_demo()
                rh = _quem_age(opcoes["como"] or ("rh" if demo else ""))
                certame = _criar_do_cenario(
                    cenario, rh, cenario.nome, cenario.arquivo_candidatos, demo=demo
                )
        except ValidationError as erro:
            raise CommandError("; ".join(erro.messages)) from None

        situacao = "cadastrado, candidatos importados"
        if not opcoes["sem_homologar"]:
            situacao = _homologar(cenario, rh, certame, situacao)
        self.stdout.write(f"Certame “{certame.nome}” ({certame.lei_titulo}): {situacao}.")
        if demo:
            self._certames_de_demonstracao(cenario, rh)
            self._usuarios(usuarios_demo_com_a_senha_publicada())

    def _certames_de_demonstracao(self, cenario: Any, rh: Any) -> None:
        """Os certames da demonstração: antes da homologação, com nomeações e o federal."""
        try:
            with transaction.atomic():
                antes = _demo_antes_da_homologacao(cenario, rh)
                depois = _demo_com_nomeacoes(cenario, rh)
        except ValidationError as erro:
            raise CommandError("; ".join(erro.messages)) from None
        self.stdout.write(
            f"Certame “{antes.nome}”: antes da homologação, autodeclarados aguardam a comissão."
        )
        self.stdout.write(
            f"Certame “{depois.nome}”: nomeações confirmadas, uma desistência e novas vagas."
        )
        federal = _demo_federal(rh)
        if federal is not None:
            self.stdout.write(
                f"Certame “{federal.nome}” ({federal.lei_titulo}): três grupos, "
                "homologado, vagas do edital ofertadas."
            )

    def _usuarios(self, logins: list[tuple[str, str, str]]) -> None:
        if not logins:
            self.stdout.write("Nenhum login de demonstração com a senha publicada.")
            return
        self.stdout.write("Usuários de demonstração (usuário / senha — papel):")
        roteiro = _roteiro()
        for login, senha, papel in logins:
            self.stdout.write(f"  {login} / {senha} — {papel}")
            for linha in roteiro.get(login, []):
                self.stdout.write(f"      → {linha}")


def _designar_auditor_demo(certame: Any) -> None:
    from cotas_web.contas.permissoes import designar

    auditor = (
        get_user_model().objects.filter(username="auditor", perfil__papel=Papel.AUDITOR).first()
    )
    if auditor is not None:
        designar(usuario=auditor, certame=certame)


def _quem_age(login: str) -> Any:
    """O login do RH que faz os atos do exemplo: o de demonstração (`--demo`) ou `--como`."""
    if not login:
        raise CommandError(
            "Diga quem faz os atos do exemplo: --demo (cria os logins de demonstração, com as "
            "senhas do README) ou --como LOGIN (um usuário do RH que já existe)."
        )
    rh = get_user_model().objects.filter(username=login, perfil__papel=Papel.ADMINISTRADOR).first()
    if rh is None:
        raise CommandError(f"O login {login} não existe ou não tem o papel de RH.")
    return rh


def _base_do_limiar(cenario: Any) -> str:
    """A questão aberta do limiar como o motor a resolve para o cenário (o valor informado em
    `[parametros_lei]` ou o padrão)."""
    from cotas.apuracao import regras_do_cenario
    from cotas_web.ponte.erros import ErroCotas

    try:
        grupos = regras_do_cenario(cenario).grupos_da_lei
        grupo = grupos[0] if grupos else None
    except ErroCotas:  # a criação do certame, logo adiante, recusa com a mensagem da lei
        return BaseDoLimiar.TODAS_OFERTADAS
    return grupo.base_do_limiar.value if grupo else BaseDoLimiar.TODAS_OFERTADAS


_PREPOSICOES = frozenset({"de", "do", "da", "dos", "das", "e"})


def _como_nome(texto: str) -> str:
    """ "ESTADO DO RIO GRANDE DO SUL" → "Estado do Rio Grande do Sul"."""
    palavras = texto.lower().split()
    return " ".join(
        p if i and p in _PREPOSICOES else p[:1].upper() + p[1:] for i, p in enumerate(palavras)
    )


def identificar_orgao_demo(municipio: str) -> None:
    """Dá ao órgão da demonstração o nome da prefeitura do município do exemplo (um dado do
    cenário, não do código), sem apagar o que o administrador já definiu. Endereço e contatos
    reais são do administrador, na tela "Identidade do órgão": aqui ficam marcados como de
    demonstração."""
    from cotas.documentos.texto import cabecalho_municipio
    from cotas_web.identidade.models import Orgao

    orgao = Orgao.atual()
    if orgao.nome or not municipio:
        return
    estado, prefeitura = cabecalho_municipio(municipio)
    orgao.nome = _como_nome(prefeitura)
    orgao.subordinacao = _como_nome(estado)
    orgao.endereco = f"{municipio} (endereço de demonstração: defina-o em Identidade do órgão)"
    orgao.ouvidoria = "Ouvidoria municipal (demonstração: defina o contato em Identidade do órgão)"
    orgao.save()


# ---------------------------------------------------------------- os certames de demonstração

# Nomes dos certames que só a demonstração cria (o do cenário vem do arquivo): cada papel tem
# trabalho à espera num deles.
NOME_ANTES = "{nome} — turma B (antes da homologação)"
NOME_NOMEACOES = "{nome} — turma C (nomeações em curso)"


def _homologar(cenario: Any, rh: Any, certame: Any, situacao: str) -> str:
    """Homologa o certame do exemplo e oferta as vagas do edital; a situação, para a saída."""
    from cotas_web.certames.services import certame_homologar
    from cotas_web.nomeacoes.services import vagas_edital_ofertar

    dia = _dia_da_homologacao(cenario)
    try:
        certame_homologar(usuario=rh, certame=certame, data=dia)
        vagas_edital_ofertar(usuario=rh, certame=certame, data=dia)
    except ValidationError as erro:
        return situacao + f" (não homologado: {'; '.join(erro.messages)})"
    return (
        f"homologado em {dia:%d/%m/%Y}, vagas do edital ofertadas; "
        "as nomeações propostas aguardam confirmação"
    )


def _dia_da_homologacao(cenario: Any) -> Any:
    base = max(d for d in (cenario.data_edital, cenario.data_referencia_idade) if d)
    return base + timedelta(days=30)


def _criar_do_cenario(cenario: Any, rh: Any, nome: str, arquivo: Path, *, demo: bool) -> Any:
    """O certame do cenário (com outro nome e outro arquivo de candidatos, nos da
    demonstração), com as questões em aberto que o cenário escolheu, a comissão (na
    demonstração, o login da comissão a integra e a auditora fica designada) e publicado."""
    from cotas_web.candidatos.services import importacao_confirmar
    from cotas_web.certames.models import DuplaCondicao
    from cotas_web.certames.services import cargo_adicionar, certame_criar, certame_publicar
    from cotas_web.comissao.services import membro_adicionar

    pcd = cenario.pcd
    certame = certame_criar(
        usuario=rh,
        nome=nome,
        municipio=cenario.municipio or "",
        data_edital=cenario.data_edital,
        tipo=str(cenario.tipo),
        validade_ate=cenario.validade_ate,
        pcd_percentual=pcd.percentual if pcd else None,
        pcd_arredondamento=str(pcd.arredondamento) if pcd else "",
        pcd_teto=pcd.teto if pcd else None,
        data_referencia_idade=cenario.data_referencia_idade,
        desempate=[(c, str(s)) for c, s in cenario.desempate],
        admite_final_de_fila=cenario.permite_final_de_fila,
        prioridade_colisao=(
            PrioridadeColisao.PCD_LEI
            if (cenario.prioridade_colisao or ("",))[0] == PCD
            else PrioridadeColisao.LEI_PCD
        ),
        base_do_limiar=_base_do_limiar(cenario),
        dupla_condicao=cenario.dupla_condicao or DuplaCondicao.LISTA_QUE_NOMEIA_ANTES,
        # (o que a lei deixa em aberto, como o cenário o informou, com a justificativa)
        informados=dict(cenario.parametros_lei),
        orgao=cenario.orgao or "",
    )
    for cargo in cenario.cargos:
        cargo_adicionar(
            usuario=rh,
            certame=certame,
            codigo=cargo.codigo,
            nome=cargo.nome,
            vagas_edital=cargo.vagas,
        )
    importacao_confirmar(usuario=rh, certame=certame, caminho=arquivo, nome_arquivo=arquivo.name)
    if demo:  # o RH, criador, já está designado; a auditora também lê o exemplo
        _designar_auditor_demo(certame)
    if certame.exige_comissao:
        comissao = (
            get_user_model()
            .objects.filter(username="comissao", perfil__papel=Papel.COMISSAO)
            .first()
            if demo
            else None
        )
        for nome_membro, genero, cor in MEMBROS_DEMO:
            membro_adicionar(
                usuario=rh,
                certame=certame,
                nome=nome_membro,
                genero=genero,
                cor_raca=cor,
                usuario_membro=comissao if nome_membro == "Carlos Oliveira" else None,
            )
    certame_publicar(usuario=rh, certame=certame, data=certame.data_edital)
    return certame


def _sem_pareceres(arquivo: Path, destino: Path) -> Path:
    """O arquivo do cenário com o parecer da comissão em branco: os autodeclarados aprovados
    aguardam a verificação (o trabalho da comissão)."""
    import csv

    with arquivo.open(encoding="utf-8-sig", newline="") as f:
        linhas = list(csv.reader(f))
    coluna = linhas[0].index("heteroidentificacao")
    for linha in linhas[1:]:
        linha[coluna] = ""
    with destino.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(linhas)
    return destino


def _demo_federal(rh: Any) -> Any:
    """O exemplo federal (exemplos/federal-15142): uma lei de três grupos, a
    comissão para um deles e a análise de documentos para os outros; homologado e com as vagas
    do edital ofertadas. None se o exemplo não está no pacote."""
    from cotas.arquivos.cenario import ler_cenario
    from cotas_web.certames.services import certame_homologar
    from cotas_web.nomeacoes.services import vagas_edital_ofertar

    caminho = Path(settings.RAIZ) / "exemplos" / "federal-15142" / "cenario.toml"
    if not caminho.is_file():
        return None
    cenario = ler_cenario(caminho)
    with transaction.atomic():
        certame = _criar_do_cenario(
            cenario, rh, cenario.nome, cenario.arquivo_candidatos, demo=True
        )
        dia = _dia_da_homologacao(cenario)
        certame_homologar(usuario=rh, certame=certame, data=dia)
        vagas_edital_ofertar(usuario=rh, certame=certame, data=dia)
    return certame


def _demo_antes_da_homologacao(cenario: Any, rh: Any) -> Any:
    import tempfile

    with tempfile.TemporaryDirectory() as pasta:
        arquivo = _sem_pareceres(
            cenario.arquivo_candidatos, Path(pasta) / cenario.arquivo_candidatos.name
        )
        return _criar_do_cenario(
            cenario, rh, NOME_ANTES.format(nome=cenario.nome), arquivo, demo=True
        )


def _demo_com_nomeacoes(cenario: Any, rh: Any) -> Any:
    """Homologado, todas as vagas do edital nomeadas por portaria, a desistência e as novas
    vagas dos eventos do cenário: o quadro das nomeações cheio, com substituições à espera."""
    from cotas_web.certames.services import certame_homologar
    from cotas_web.nomeacoes.selectors import propostas_do_motor
    from cotas_web.nomeacoes.services import (  # (os atos do RH, pelos services)
        nomeacao_confirmar,
        nomeacao_registrar_desistencia,
        vagas_edital_ofertar,
        vagas_novas_ofertar,
    )

    certame = _criar_do_cenario(
        cenario,
        rh,
        NOME_NOMEACOES.format(nome=cenario.nome),
        cenario.arquivo_candidatos,
        demo=True,
    )
    dia = _dia_da_homologacao(cenario)
    certame_homologar(usuario=rh, certame=certame, data=dia)
    vagas_edital_ofertar(usuario=rh, certame=certame, data=dia)
    portaria = 100
    for proposta in propostas_do_motor(certame=certame):
        portaria += 1
        nomeacao_confirmar(
            usuario=rh,
            cargo=proposta.cargo,
            inscricao=proposta.inscricao,
            portaria=f"{portaria}/{dia.year}",
            data_portaria=dia + timedelta(days=1),
        )
    for evento in cenario.eventos:
        if str(evento.tipo) == "desistencia":
            candidato = certame.candidatos.filter(inscricao=evento.inscricao).first()
            nomeacao = candidato.nomeacoes.filter(situacao="nomeado").first() if candidato else None
            if nomeacao is not None:
                nomeacao_registrar_desistencia(
                    usuario=rh,
                    nomeacao=nomeacao,
                    data=evento.data,
                    motivo="desistencia",
                    observacao=evento.justificativa or "",
                )
        elif str(evento.tipo) == "novas_vagas" and evento.cargo and evento.quantidade:
            vagas_novas_ofertar(
                usuario=rh,
                cargo=certame.cargos.get(codigo=evento.cargo),
                data=evento.data,
                quantidade=evento.quantidade,
                justificativa=evento.justificativa or "",
            )
    return certame


def _roteiro() -> dict[str, list[str]]:
    """O que cada login de demonstração tem à espera, e em qual certame (os que existem)."""
    from cotas_web.certames.models import Certame

    nomes = list(Certame.objects.order_by("pk").values_list("nome", flat=True))
    antes = next((n for n in nomes if n.endswith("(antes da homologação)")), None)
    nomeacoes = next((n for n in nomes if n.endswith("(nomeações em curso)")), None)
    federal = (
        Certame.objects.filter(lei_id__startswith=f"{ESFERA_FEDERAL}/")
        .values_list("nome", flat=True)
        .first()
    )
    principal = next((n for n in nomes if n not in (antes, nomeacoes, federal)), None)
    roteiro: dict[str, list[str]] = {"rh": [], "comissao": [], "auditor": []}
    if principal:
        roteiro["rh"].append(
            f"“{principal}”: confirmar as nomeações propostas (Nomeações), "
            "registrar uma desistência, ofertar novas vagas."
        )
    if antes:
        roteiro["rh"].append(
            f"“{antes}”: corrigir dados ou vagas, substituir a importação; "
            "homologar depois da comissão."
        )
        roteiro["comissao"].append(
            f"“{antes}”: criar a sessão, convocar os autodeclarados e "
            "registrar as verificações (Comissão)."
        )
    if nomeacoes:
        roteiro["rh"].append(
            f"“{nomeacoes}”: confirmar as substituições e as nomeações das "
            "novas vagas; corrigir um dado com registro."
        )
        roteiro["auditor"].append(
            f"“{nomeacoes}”: conferir nomeações, desistência e novas "
            "vagas no Histórico e na ordem de nomeação."
        )
    if principal:
        roteiro["auditor"].append(f"“{principal}”: conferir a classificação e a reserva.")
    if federal:
        roteiro["rh"].append(
            f"“{federal}”: lei federal de três grupos; ver a reserva de cada "
            "um e confirmar as nomeações propostas."
        )
    return roteiro
